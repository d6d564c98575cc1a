// Worker-thread entry: decodes OSMData blobs posted by the decoder pool and transfers the columns back.
import { parentPort } from 'node:worker_threads';
import { transferListOf } from './decoded-block.js';
import { decodePrimitiveBlob, type ElementKinds } from './pbf-primitive-block.js';

export interface BlobTask { seq: number; blob: Uint8Array; kinds: ElementKinds }

const port = parentPort;
if (!port) throw new Error('pbf-worker must run in a worker thread');
port.on('message', ({ seq, blob, kinds }: BlobTask) => {
  try {
    const block = decodePrimitiveBlob(blob, kinds);
    port.postMessage({ seq, block }, transferListOf(block));
  } catch (error) {
    port.postMessage({ seq, error: (error as Error).message });
  }
});
