/**
 * The side panel's view of a plan: the totals (problem_aggregates) in the header, one item per used route
 * (driver, vehicle, stops, distance, driving time, cost, violations) with its stops, idle routes, unrouted
 * jobs, and a stop's details. Stops are dragged between and within routes, or moved by keyboard from their
 * details; the panel reports what the dispatcher asked for and never changes the plan itself.
 */
import type { Json } from './api-client.js';
import { byId, el } from './dom.js';
import { clock, kilometres, money, routeColour, violationText } from './format.js';
import { jobById, unroutedJobIds, type Plan } from './plan-model.js';

export interface PanelActions {
  /** Put a job at `index` of a route, or off every route (null). */
  move(jobId: string, routeId: string | null, index: number): void;
  recommend(jobId: string): void;
  insert(jobId: string): void;
}

const DRAG_TYPE = 'application/x-fleetroute-job';

function violationList(violations: unknown): HTMLElement | null {
  if (!Array.isArray(violations) || violations.length === 0) return null;
  return el('ul', { class: 'violation' }, ...(violations as Json[]).map((violation) => el('li', {}, violationText(violation as { type: string }))));
}

function acceptDrops(target: HTMLElement, onDrop: (jobId: string) => void): void {
  target.addEventListener('dragover', (event) => {
    if (!event.dataTransfer?.types.includes(DRAG_TYPE)) return;
    event.preventDefault();
    event.stopPropagation();
    target.classList.add('drop-target');
  });
  target.addEventListener('dragleave', () => target.classList.remove('drop-target'));
  target.addEventListener('drop', (event) => {
    const jobId = event.dataTransfer?.getData(DRAG_TYPE);
    target.classList.remove('drop-target');
    if (!jobId) return;
    event.preventDefault();
    event.stopPropagation();
    onDrop(jobId);
  });
}

function draggableJob(row: HTMLElement, jobId: string): void {
  row.draggable = true;
  row.addEventListener('dragstart', (event) => {
    event.dataTransfer?.setData(DRAG_TYPE, jobId);
    if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
  });
}

export class PlanPanel {
  #plan: Plan | undefined;

  constructor(private readonly actions: PanelActions) {}

  show(plan: Plan): void {
    this.#plan = plan;
    // Evaluate's aggregates count only what is on routes; jobs on none are unrouted all the same.
    this.#showTotals(plan.aggregates, unroutedJobIds(plan.problem, plan.assignment).length);
    const list = byId('route-list');
    list.replaceChildren();
    const routes = plan.answer.routes as Json[];
    const idle: HTMLElement[] = [];
    routes.forEach((route, index) => {
      if ((route.stops as Json[]).length > 0) list.append(this.#routeItem(route, index));
      else idle.push(this.#idleRoute(route, index));
    });
    if (idle.length > 0) list.append(el('li', { class: 'idle-routes' }, el('h3', {}, 'Idle routes'), el('ul', { class: 'route-stops' }, ...idle)));
    this.#showUnrouted(plan);
    byId('stop-details').replaceChildren();
  }

  /** Shows what the operation found wrong with the request (every fault) instead of a plan. */
  showError(lines: string[]): void {
    byId('stop-details').replaceChildren(el('h3', {}, 'The service refused the request'), el('ul', { class: 'error' }, ...lines.map((line) => el('li', {}, line))));
  }

  showStop(routeIndex: number, stopIndex: number): void {
    const plan = this.#plan;
    const route = (plan?.answer.routes as Json[] | undefined)?.[routeIndex];
    const stop = (route?.stops as Json[] | undefined)?.[stopIndex];
    if (!plan || !route || !stop) return;
    const job = stop.type === 'job' ? jobById(plan.problem, String(stop.id)) : undefined;
    const window = job?.time_window as Json | undefined;
    const facts: [string, string][] = [
      ['Route', String(route.id)],
      ['Arrival', clock(stop.arrival_time as string)],
      ['Idle', clock(stop.idle_time as string | undefined)],
      ['On site', clock(stop.time_on_site as string)],
      ['Window', window ? `${clock(window.start as string)}–${clock(window.end as string)}` : '–'],
      ['Load', stop.load === undefined ? '–' : JSON.stringify(stop.load)],
    ];
    const details = byId('stop-details');
    details.replaceChildren(
      el('h3', {}, `${stop.type === 'job' ? 'Job' : 'Depot'} ${String(stop.id)}`),
      el('dl', {}, ...facts.flatMap(([name, value]) => [el('dt', {}, name), el('dd', {}, value)])),
      violationList(stop.violations) ?? el('p', {}, 'No violations.'),
      ...(job ? [this.#moveControls(String(stop.id), String(route.id))] : []),
    );
    details.querySelector<HTMLElement>('h3')?.focus();
  }

  #showTotals(aggregates: Json, unrouted: number): void {
    byId('plan-cost').textContent = money(aggregates.total_cost as number);
    byId('total-routes').textContent = String(aggregates.num_routes ?? 0);
    byId('total-jobs').textContent = String(aggregates.num_assigned_jobs ?? 0);
    byId('total-unrouted').textContent = String(unrouted);
    byId('total-distance').textContent = kilometres(aggregates.total_distance_meters as number);
    byId('total-driving').textContent = clock(aggregates.total_driving_time as string);
    byId('total-violations').textContent = String(aggregates.num_violations ?? 0);
    byId('totals').classList.toggle('has-violations', Number(aggregates.num_violations) > 0);
  }

  #routeItem(route: Json, routeIndex: number): HTMLElement {
    const routeId = String(route.id);
    const stops = route.stops as Json[];
    const jobs = stops.filter((stop) => stop.type === 'job');
    const violations = (route.violations as Json[] | undefined)?.length ?? 0;
    const stopViolations = stops.reduce((sum, stop) => sum + ((stop.violations as Json[] | undefined)?.length ?? 0), 0);
    const rows = stops.map((stop, stopIndex) => this.#stopRow(route, routeIndex, stop, stopIndex, jobs.indexOf(stop)));
    const item = el('li', { class: 'route-item', 'data-testid': 'route-item', 'data-route-id': routeId, style: `--route-colour: ${routeColour(routeIndex)}` },
      el('div', { class: 'route-head' }, el('span', {}, `${routeId} · ${String(route.driver ?? '–')} · ${String(route.vehicle ?? '–')}`), el('span', { class: 'route-cost' }, money(route.cost as number))),
      el('div', { class: `route-facts${violations + stopViolations > 0 ? ' has-violations' : ''}` },
        `${jobs.length} stops · ${kilometres(route.distance_meters as number)} · ${clock(route.driving_time as string)} driving · ${violations + stopViolations} violations`),
      violationList(route.violations),
      el('ol', { class: 'route-stops' }, ...rows),
    );
    acceptDrops(item, (jobId) => this.actions.move(jobId, routeId, jobs.length));
    return item;
  }

  #stopRow(route: Json, routeIndex: number, stop: Json, stopIndex: number, jobIndex: number): HTMLElement {
    const isJob = stop.type === 'job';
    const violated = Array.isArray(stop.violations) && stop.violations.length > 0;
    const row = el('li', { class: `stop-row${violated ? ' has-violations' : ''}`, tabindex: 0, 'data-job-id': isJob ? String(stop.id) : undefined, 'data-stop-type': String(stop.type) },
      el('span', { class: 'stop-number' }, isJob ? String(jobIndex + 1) : 'D'),
      el('span', {}, String(stop.id ?? stop.type)),
      el('span', {}, clock(stop.arrival_time as string)),
    );
    const open = (): void => this.showStop(routeIndex, stopIndex);
    row.addEventListener('click', open);
    row.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        open();
      }
    });
    if (isJob) {
      draggableJob(row, String(stop.id));
      acceptDrops(row, (jobId) => this.actions.move(jobId, String(route.id), jobIndex));
    }
    return row;
  }

  #idleRoute(route: Json, routeIndex: number): HTMLElement {
    const routeId = String(route.id);
    const item = el('li', { class: 'route-item idle-route', 'data-testid': 'idle-route-item', 'data-route-id': routeId, style: `--route-colour: ${routeColour(routeIndex)}` },
      el('div', { class: 'route-head' }, el('span', {}, `${routeId} · ${String(route.driver ?? '–')} · ${String(route.vehicle ?? '–')}`), el('span', {}, 'idle')));
    acceptDrops(item, (jobId) => this.actions.move(jobId, routeId, 0));
    return item;
  }

  #showUnrouted(plan: Plan): void {
    const section = byId('unrouted');
    const ids = unroutedJobIds(plan.problem, plan.assignment);
    const reasons = new Map(((plan.answer.unrouted_jobs as Json[] | undefined) ?? []).map((job) => [String(job.id), job]));
    const rows = ids.map((id) => {
      const row = el('div', { class: 'unrouted-job', 'data-testid': 'unrouted-job', 'data-job-id': id, tabindex: 0 },
        el('span', {}, id),
        reasons.get(id)?.type ? el('span', { class: 'hint' }, String(reasons.get(id)!.type)) : null,
        this.#button('Recommend', () => this.actions.recommend(id)),
        this.#button('Insert', () => this.actions.insert(id)),
        el('ul', { class: 'options', id: `options-${id}` }));
      draggableJob(row, id);
      return row;
    });
    section.replaceChildren(el('h3', {}, `Unrouted jobs (${ids.length})`), ...(rows.length > 0 ? rows : [el('p', { class: 'hint' }, 'Drop a stop here to take it off its route.')]));
    acceptDrops(section, (jobId) => this.actions.move(jobId, null, 0));
  }

  /** The recommendations for an unrouted job, each with a button that places it there. */
  showOptions(jobId: string, options: Json[]): void {
    const list = document.getElementById(`options-${jobId}`);
    if (!list) return;
    const routes = (this.#plan?.answer.routes as Json[] | undefined) ?? [];
    list.replaceChildren(...options.map((option) => {
      const routeId = String(routes[option.route_index as number]?.id);
      const index = Number(option.job_index);
      return el('li', { 'data-testid': 'recommend-option' },
        `${routeId}, stop ${index + 1}: +${money(option.delta_cost as number)}`,
        ' ', this.#button('Place', () => this.actions.move(jobId, routeId, index)));
    }));
    if (options.length === 0) list.replaceChildren(el('li', { class: 'hint' }, 'No route can take this job.'));
  }

  #moveControls(jobId: string, routeId: string): HTMLElement {
    const routes = (this.#plan?.answer.routes as Json[] | undefined) ?? [];
    const select = el('select', { 'aria-label': 'Route' }, el('option', { value: '' }, 'Unrouted'),
      ...routes.map((route) => el('option', { value: String(route.id), selected: route.id === routeId }, String(route.id))));
    const position = el('input', { type: 'number', min: 1, value: 1, 'aria-label': 'Position', style: 'width: 4rem' });
    const move = this.#button('Move', () => this.actions.move(jobId, select.value || null, Math.max(0, Number(position.value) - 1)));
    return el('div', { class: 'move-controls' }, el('label', {}, 'Move to ', select, ' at ', position, ' ', move));
  }

  #button(label: string, onClick: () => void): HTMLButtonElement {
    const button = el('button', { type: 'button' }, label);
    button.addEventListener('click', onClick);
    return button;
  }
}
