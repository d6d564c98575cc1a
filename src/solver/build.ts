/**
 * POST /v1/build (docs/api.md, Planning operations): every job placed anew on the routes, as many as fit, at the
 * least internal cost.
 */
import { searchOperation } from './search/plan-operation.js';

export const operation = searchOperation('build');
