/**
 * The one way an operation is declared (docs/architecture.md, Operations): the body's schema as /docs publishes
 * it, how a request is read from a body, the computation, and how its answer is presented. The schema is the
 * validator: every fault it finds is reported first, then those only `read` can find (formats, references,
 * rules across fields), one per JSON path, so the published document and the validation cannot drift apart.
 */
import { FaultList } from '../conventions/faults.js';
import { schemaCheck } from '../conventions/schema-faults.js';
import { validationFailed } from '../errors.js';
import type { Operation, OperationContext } from './operation.js';

export interface OperationDeclaration<Request, Computed, Result>
  extends Omit<Operation<Request, Result>, 'validate' | 'run'> {
  /**
   * The request of a body, adding to `faults` what the schema cannot say; the schema's faults are already there,
   * so nothing here may trust a JSON type. Undefined (or any fault) answers 400 with every fault.
   */
  read(body: unknown, faults: FaultList): Request | undefined;
  /** The computation, in the worker (kernels, searches, lookups). */
  compute(request: Request, context: OperationContext): Promise<Computed>;
  /** The answer of what was computed. */
  present(computed: Computed, request: Request): Result;
}

export function defineOperation<Request, Computed, Result>(
  declaration: OperationDeclaration<Request, Computed, Result>,
): Operation<Request, Result> {
  const { read, compute, present, ...described } = declaration;
  const checkSchema = schemaCheck(declaration.requestSchema);
  return {
    ...described,
    validate(body) {
      const faults = new FaultList();
      checkSchema(body, faults);
      const request = read(body, faults);
      if (request === undefined || !faults.empty) throw validationFailed(faults.errors);
      return request;
    },
    async run(request, context) {
      const computed = await compute(request, context);
      context.reportProgress(1);
      return present(computed, request);
    },
  };
}
