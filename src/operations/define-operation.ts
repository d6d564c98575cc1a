/**
 * The one way an operation is declared (docs/architecture.md, Operations): the body's schema as /docs publishes
 * it, how a request is read from a body, the computation, and how its answer is presented. The schema is the
 * validator: every fault it finds is reported first, then those only `read` can find (formats, references,
 * rules across fields), one per JSON path, so the published document and the validation cannot drift apart.
 * An operation on the roads declares where its points lie: it is answered on the served map that holds them, and a
 * point on another map is a fault like any other (src/routing/load/request-map.ts).
 */
import { FaultList } from '../conventions/faults.js';
import { schemaCheck } from '../conventions/schema-faults.js';
import { validationFailed } from '../errors.js';
import type { LocatedPoint } from '../routing/area/map-choice.js';
import { onMapOf, refuseStrays } from '../routing/load/request-map.js';
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
  /** The points the request is routed between, each with its JSON path: they choose the map it is answered on. */
  locations?(request: Request): readonly LocatedPoint[];
}

export function defineOperation<Request, Computed, Result>(
  declaration: OperationDeclaration<Request, Computed, Result>,
): Operation<Request, Result> {
  const { read, compute, present, locations, ...described } = declaration;
  const checkSchema = schemaCheck(declaration.requestSchema);
  return {
    ...described,
    validate(body) {
      const faults = new FaultList();
      checkSchema(body, faults);
      const request = read(body, faults);
      if (request !== undefined && faults.empty && locations) refuseStrays(locations(request), faults);
      if (request === undefined || !faults.empty) throw validationFailed(faults.errors);
      return request;
    },
    async run(request, context) {
      const computation = () => compute(request, context);
      const computed = await (locations ? onMapOf(locations(request), computation) : computation());
      context.reportProgress(1);
      return present(computed, request);
    },
  };
}
