import t from 'tap';
import { MemoryTaskStore } from '../../src/tasks/memory-task-store.js';
import { taskStoreContract } from './task-store-contract.js';

taskStoreContract(t, async (ttl) => {
  const store = new MemoryTaskStore(ttl);
  return { store, peer: store, close: () => store.close() };
});
