// Worker-thread entry: decodes OSMData blobs posted by the decoder pool and transfers the columns back.
import { parentPort } from 'node:worker_threads';
import { transferListOf } from './decoded-block.js';
import { decodePrimitiveBlob } from './pbf-primitive-block.js';

export interface BlobTask { seq: number; blob: Uint8Array }

const port = parentPort;
if (!port) throw new Error('pbf-worker must run in a worker thread');
port.on('message', ({ seq, blob }: BlobTask) => {
  try {
    const block = decodePrimitiveBlob(blob);
    port.postMessage({ seq, block }, transferListOf(block));
  } catch (error) {
    port.postMessage({ seq, error: (error as Error).message });
  }
});
