/** `/v1/matrix` computed in the test thread and decoded as a JSON client would, through the operation's own encoder. */
import type { OperationContext } from '../../src/operations/operation.js';
import { operation as matrix } from '../../src/routing/service/matrix-operation.js';

export interface MatrixAnswer {
  durations: (number | null)[][];
  distances: (number | null)[][];
}

const context: OperationContext = { signal: new AbortController().signal, reportProgress: () => undefined };

export async function matrixAnswer(body: unknown): Promise<MatrixAnswer> {
  const cells = await matrix.run(matrix.validate(body), context);
  return JSON.parse(new TextDecoder().decode(matrix.encode!(cells, undefined)!.body)) as MatrixAnswer;
}
