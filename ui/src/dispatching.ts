/**
 * The dispatcher's work on a plan: load a problem, run an operation on it as a task (with its progress), move
 * jobs and see the plan evaluated again, recommend and insert unrouted jobs, undo, export. Every plan shown is
 * an answer of the API for the assignment it holds; a change that breaks a constraint is shown with its
 * violations, never refused.
 */
import { ApiError, type ApiClient, type Json, type TaskStatus } from './api-client.js';
import { byId } from './dom.js';
import { assignedProblem, assignmentOf, jobById, moveJob, normalizeProblem, planRequest, type Assignment, type Plan } from './plan-model.js';
import type { PlanMap } from './plan-map.js';
import type { PlanPanel } from './plan-panel.js';

export type PlanOperation = 'evaluate' | 'build' | 'optimize' | 'sequence';

export class Dispatcher {
  #plan: Plan | undefined;
  readonly #history: Plan[] = [];
  #busy = false;

  constructor(
    private readonly api: ApiClient,
    private readonly panel: PlanPanel,
    private readonly planMap: PlanMap,
  ) {}

  /** A new problem: its routes as given, evaluated. */
  async load(source: Json, name: string): Promise<void> {
    const { problem, assignment } = normalizeProblem(source);
    this.#history.length = 0;
    this.#plan = undefined;
    await this.#evaluate(problem, assignment, `Loaded ${name}`);
  }

  /**
   * Build, optimize and sequence answer no road geometry, so their assignment is evaluated (with the same costs,
   * as the API guarantees) for the map; their unrouted jobs keep the reasons the operation gave.
   */
  async run(operation: PlanOperation): Promise<void> {
    const plan = this.#plan;
    if (!plan) return;
    await this.#task(operation, async () => {
      if (operation === 'evaluate') {
        this.#show(await this.#evaluated(plan.problem, plan.assignment));
        return 'evaluate finished';
      }
      const { result } = await this.api.runTask(operation, planRequest(plan.problem, plan.assignment), (status, progress) => this.#progress(operation, status, progress));
      const evaluated = await this.#evaluated(plan.problem, assignmentOf(result));
      this.#show({ ...evaluated, answer: { ...evaluated.answer, unrouted_jobs: result.unrouted_jobs } });
      return `${operation} finished`;
    });
  }

  async move(jobId: string, routeId: string | null, index: number): Promise<void> {
    const plan = this.#plan;
    if (!plan) return;
    await this.#evaluate(plan.problem, moveJob(plan.assignment, jobId, routeId, index), `Moved ${jobId}`);
  }

  async recommend(jobId: string): Promise<void> {
    const body = this.#withoutJob(jobId);
    if (!body) return;
    await this.#task('recommend', async () => {
      const { result } = await this.api.runTask('recommend', { ...body.problem, job: body.job, max_results: 3 }, (status, progress) => this.#progress('recommend', status, progress));
      this.panel.showOptions(jobId, (result.recommend_options as Json[]) ?? []);
      return `Recommendations for ${jobId}`;
    });
  }

  async insert(jobId: string): Promise<void> {
    const plan = this.#plan;
    const body = this.#withoutJob(jobId);
    if (!plan || !body) return;
    let inserted: Assignment | undefined;
    await this.#task('insert', async () => {
      const { result } = await this.api.runTask('insert', { ...body.problem, jobs_to_insert: [body.job] }, (status, progress) => this.#progress('insert', status, progress));
      inserted = assignmentOf(result);
      return `Inserted ${jobId}`;
    });
    if (inserted) await this.#evaluate(plan.problem, inserted, `Inserted ${jobId}`);
  }

  async undo(): Promise<void> {
    const previous = this.#history.pop();
    if (!previous) return;
    this.#plan = previous;
    this.#render();
    setStatus('Undone');
  }

  /** The current plan as the JSON the API takes, downloaded as a file. */
  export(): void {
    const plan = this.#plan;
    if (!plan) return;
    const blob = new Blob([JSON.stringify(assignedProblem(plan.problem, plan.assignment), null, 2)], { type: 'application/json' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = 'plan.json';
    link.click();
    URL.revokeObjectURL(link.href);
  }

  /** The problem without one job, and that job: the body recommend and insert take it in. */
  #withoutJob(jobId: string): { problem: Json; job: Json } | undefined {
    const plan = this.#plan;
    const job = plan && jobById(plan.problem, jobId);
    if (!plan || !job) return undefined;
    const problem = planRequest(plan.problem, plan.assignment);
    return { problem: { ...problem, jobs: (problem.jobs as Json[]).filter((candidate) => candidate !== job) }, job };
  }

  async #evaluate(problem: Json, assignment: Assignment, done: string): Promise<void> {
    await this.#task('evaluate', async () => {
      this.#show(await this.#evaluated(problem, assignment));
      return done;
    });
  }

  /** The plan of an assignment: evaluate's answer and, from the same task, its aggregates. */
  async #evaluated(problem: Json, assignment: Assignment): Promise<Plan> {
    const { taskId, result } = await this.api.runTask('evaluate', planRequest(problem, assignment), (status, progress) => this.#progress('evaluate', status, progress));
    const aggregates = await this.api.get(`/v1/tasks/${taskId}/result?aggregate=1`);
    return { problem, assignment, answer: result, aggregates };
  }

  /** One task at a time: the buttons wait while it runs, and a refused request shows every fault. */
  async #task(name: string, work: () => Promise<string>): Promise<void> {
    if (this.#busy) return;
    this.#busy = true;
    document.body.dataset.busy = name;
    try {
      setStatus(await work());
    } catch (error) {
      setStatus(`${name} failed: ${(error as Error).message}`);
      this.panel.showError(error instanceof ApiError ? [error.message, ...error.details()] : [(error as Error).message]);
    } finally {
      this.#busy = false;
      delete document.body.dataset.busy;
      byId<HTMLProgressElement>('task-progress').hidden = true;
      this.#updateButtons();
    }
  }

  #show(plan: Plan): void {
    if (this.#plan) this.#history.push(this.#plan);
    this.#plan = plan;
    this.#render();
  }

  #render(): void {
    if (!this.#plan) return;
    this.panel.show(this.#plan);
    this.planMap.show(this.#plan);
    this.#updateButtons();
  }

  #updateButtons(): void {
    byId<HTMLButtonElement>('undo').disabled = this.#history.length === 0;
    byId<HTMLButtonElement>('export').disabled = this.#plan === undefined;
    for (const button of document.querySelectorAll<HTMLButtonElement>('#operations button')) button.disabled = this.#plan === undefined;
  }

  #progress(name: string, status: TaskStatus, progress: number | undefined): void {
    const bar = byId<HTMLProgressElement>('task-progress');
    bar.hidden = false;
    if (progress === undefined) bar.removeAttribute('value');
    else bar.value = progress;
    setStatus(`${name}: ${status}`);
  }
}

export function setStatus(text: string): void {
  byId('status').textContent = text;
}
