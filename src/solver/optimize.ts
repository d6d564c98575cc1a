/**
 * POST /v1/optimize (docs/api.md, Planning operations): from the given assignment, a reduced set of moves within a
 * shorter budget.
 */
import { searchOperation } from './search/plan-operation.js';

export const operation = searchOperation('optimize');
