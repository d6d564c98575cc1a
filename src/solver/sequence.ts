/**
 * POST /v1/sequence (docs/api.md, Planning operations): each route's jobs reordered, never moved to another route nor
 * unrouted.
 */
import { searchOperation } from './search/plan-operation.js';

export const operation = searchOperation('sequence');
