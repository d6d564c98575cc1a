// Byte offsets and sizes of every structure the host lays out for the routing kernels, exported so that the host
// checks its own table (src/kernels/layout.ts) against the compiled layout when it loads a kernel: a field moved
// or added on one side only fails at load, naming the field, instead of corrupting a search.
import { IndexedHeap } from '../common/indexed-heap';
import { Meeting } from './ch-query';
import { ContractionLimits } from './contraction/node-ordering';
import { SearchGraph, SearchSpace } from './layout';
import { Buckets, SeedSets } from './many-to-many';
import { PathBuffers } from './unpack';

export { EDGE_BYTES, SEED_BYTES } from './layout';
export { COLLECTED_ENTRY_BYTES, GROUPED_ENTRY_BYTES } from './many-to-many';

export const SearchGraph_nodeCount = offsetof<SearchGraph>('nodeCount');
export const SearchGraph_arcCount = offsetof<SearchGraph>('arcCount');
export const SearchGraph_shortcutCount = offsetof<SearchGraph>('shortcutCount');
export const SearchGraph_rank = offsetof<SearchGraph>('rank');
export const SearchGraph_forwardFirst = offsetof<SearchGraph>('forwardFirst');
export const SearchGraph_forwardEdges = offsetof<SearchGraph>('forwardEdges');
export const SearchGraph_backwardFirst = offsetof<SearchGraph>('backwardFirst');
export const SearchGraph_backwardEdges = offsetof<SearchGraph>('backwardEdges');
export const SearchGraph_BYTES = offsetof<SearchGraph>();

export const IndexedHeap_size = offsetof<IndexedHeap>('size');
export const IndexedHeap_entries = offsetof<IndexedHeap>('entries');
export const IndexedHeap_positions = offsetof<IndexedHeap>('positions');
export const IndexedHeap_BYTES = offsetof<IndexedHeap>();

export const SearchSpace_weight = offsetof<SearchSpace>('weight');
export const SearchSpace_distance = offsetof<SearchSpace>('distance');
export const SearchSpace_parentArc = offsetof<SearchSpace>('parentArc');
export const SearchSpace_parentNode = offsetof<SearchSpace>('parentNode');
export const SearchSpace_touched = offsetof<SearchSpace>('touched');
export const SearchSpace_touchedCount = offsetof<SearchSpace>('touchedCount');
export const SearchSpace_heap = offsetof<SearchSpace>('heap');
export const SearchSpace_BYTES = offsetof<SearchSpace>();

export const Meeting_weight = offsetof<Meeting>('weight');
export const Meeting_distance = offsetof<Meeting>('distance');
export const Meeting_node = offsetof<Meeting>('node');
export const Meeting_BYTES = offsetof<Meeting>();

export const PathBuffers_arcCount = offsetof<PathBuffers>('arcCount');
export const PathBuffers_arcs = offsetof<PathBuffers>('arcs');
export const PathBuffers_stack = offsetof<PathBuffers>('stack');
export const PathBuffers_sourceSeed = offsetof<PathBuffers>('sourceSeed');
export const PathBuffers_targetSeed = offsetof<PathBuffers>('targetSeed');
export const PathBuffers_BYTES = offsetof<PathBuffers>();

export const Buckets_heads = offsetof<Buckets>('heads');
export const Buckets_collected = offsetof<Buckets>('collected');
export const Buckets_grouped = offsetof<Buckets>('grouped');
export const Buckets_nodes = offsetof<Buckets>('nodes');
export const Buckets_count = offsetof<Buckets>('count');
export const Buckets_capacity = offsetof<Buckets>('capacity');
export const Buckets_nodeCount = offsetof<Buckets>('nodeCount');
export const Buckets_BYTES = offsetof<Buckets>();

export const SeedSets_count = offsetof<SeedSets>('count');
export const SeedSets_first = offsetof<SeedSets>('first');
export const SeedSets_seeds = offsetof<SeedSets>('seeds');
export const SeedSets_BYTES = offsetof<SeedSets>();

export const ContractionLimits_simulationSettleLimit = offsetof<ContractionLimits>('simulationSettleLimit');
export const ContractionLimits_contractionSettleLimit = offsetof<ContractionLimits>('contractionSettleLimit');
export const ContractionLimits_BYTES = offsetof<ContractionLimits>();
