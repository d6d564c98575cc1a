/** Where a problem comes from: the bundled example of the demo town, a file (picked or dropped), pasted text. */
import type { Json } from './api-client.js';
import { byId } from './dom.js';

export type ProblemListener = (problem: Json, name: string) => void;
export type ErrorListener = (message: string) => void;

function parse(text: string, name: string, onProblem: ProblemListener, onError: ErrorListener): void {
  try {
    const problem = JSON.parse(text) as unknown;
    if (!problem || typeof problem !== 'object' || Array.isArray(problem)) throw new Error('the file must hold one JSON object');
    onProblem(problem as Json, name);
  } catch (error) {
    onError(`${name} is not a problem: ${(error as Error).message}`);
  }
}

export function installProblemLoader(dropZone: HTMLElement, onProblem: ProblemListener, onError: ErrorListener): void {
  byId('load-example').addEventListener('click', async () => {
    const response = await fetch('/ui/examples/demo-town.json');
    parse(await response.text(), 'the example', onProblem, onError);
  });
  const picker = byId<HTMLInputElement>('problem-file');
  picker.addEventListener('change', async () => {
    const file = picker.files?.[0];
    if (file) parse(await file.text(), file.name, onProblem, onError);
    picker.value = '';
  });
  byId('load-pasted').addEventListener('click', () => parse(byId<HTMLTextAreaElement>('problem-text').value, 'the pasted problem', onProblem, onError));
  dropZone.addEventListener('dragover', (event) => {
    if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
  });
  dropZone.addEventListener('drop', async (event) => {
    const file = event.dataTransfer?.files[0];
    if (!file) return;
    event.preventDefault();
    parse(await file.text(), file.name, onProblem, onError);
  });
}
