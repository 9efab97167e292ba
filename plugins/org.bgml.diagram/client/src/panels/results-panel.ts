import { Action, EditorContextService, GModelRoot, IActionDispatcher, IActionHandler, ISelectionListener, TYPES } from '@eclipse-glsp/client';
import { inject, injectable, postConstruct } from 'inversify';
import { resultArgsOf } from '../diagram/model';
import { SelectResultAction, SetRunsAction } from '../protocol/bgml-actions';
import { histogramChart } from './histogram-loader';
import { resultDetail } from './result-format';
import { BGML_SHELL, ShellElements, el } from './shell';

/**
 * The results overlay's controls: which stored run and which metric the labels show, and the detail of the
 * selected element (percentiles and histogram) when it carries results.
 */
@injectable()
export class ResultsPanel implements IActionHandler, ISelectionListener {
    @inject(BGML_SHELL) protected shell: ShellElements;
    @inject(TYPES.IActionDispatcher) protected dispatcher: IActionDispatcher;
    @inject(EditorContextService) protected editorContext: EditorContextService;

    protected runSelect: HTMLSelectElement;
    protected metricSelect: HTMLSelectElement;
    protected detail: HTMLElement;
    protected detailElementId: string | undefined;
    protected chart: HTMLElement | undefined;

    @postConstruct()
    protected build(): void {
        this.runSelect = el('select', { id: 'bgml-run-select', title: 'Run shown on the diagram' });
        this.metricSelect = el('select', { id: 'bgml-metric-select', title: 'Metric shown on the diagram' });
        const onChange = (): void => {
            this.dispatcher.dispatch(SelectResultAction.create(this.runSelect.value, this.metricSelect.value));
        };
        this.runSelect.addEventListener('change', onChange);
        this.metricSelect.addEventListener('change', onChange);
        const chooser = el(
            'div',
            { id: 'bgml-result-chooser', class: 'bgml-result-chooser' },
            el('label', { for: 'bgml-run-select' }, 'Run'),
            this.runSelect,
            el('label', { for: 'bgml-metric-select' }, 'Metric'),
            this.metricSelect
        );
        this.detail = el('div', { id: 'bgml-result-detail', class: 'bgml-result-detail' });
        this.detail.hidden = true;
        this.shell.results.append(el('h2', {}, 'Results'), chooser, this.detail);
        this.shell.results.hidden = true;
        this.editorContext.onModelRootChanged(root => this.refreshDetail(root));
    }

    handle(action: Action): void {
        if (action.kind === SetRunsAction.KIND) {
            this.renderRuns(action as SetRunsAction);
        }
    }

    protected renderRuns(action: SetRunsAction): void {
        const runs = action.runs ?? [];
        this.shell.results.hidden = runs.length === 0;
        this.runSelect.replaceChildren(
            el('option', { value: '' }, 'newest run'),
            ...runs.map(run =>
                el('option', { value: run.runId }, `${run.runId} · ${run.target} · ${run.time}${run.status && run.status !== 'ok' ? ' · ' + run.status : ''}`)
            )
        );
        this.runSelect.value = action.selected ?? '';
        const metrics = action.metrics ?? [];
        this.metricSelect.replaceChildren(el('option', { value: '' }, 'all metrics'), ...metrics.map(m => el('option', { value: m }, m)));
        this.metricSelect.value = action.selectedMetric ?? '';
        this.metricSelect.disabled = metrics.length === 0;
    }

    selectionChanged(root: Readonly<GModelRoot>, selectedElements: string[]): void {
        this.detailElementId = selectedElements.length === 1 ? selectedElements[0] : undefined;
        this.refreshDetail(root);
    }

    protected refreshDetail(root: Readonly<GModelRoot>): void {
        const element = this.detailElementId ? root.index.getById(this.detailElementId) : undefined;
        const found = resultArgsOf(element);
        if (!found) {
            this.detail.hidden = true;
            delete this.detail.dataset.elementId;
            this.disposeChart();
            this.detail.replaceChildren();
            return;
        }
        const result = resultDetail(found.args);
        this.shell.results.hidden = false;
        this.detail.hidden = false;
        this.detail.dataset.elementId = found.owner.id;
        if (result.verdict) {
            this.detail.dataset.verdict = result.verdict;
        }
        const table = el('table', { class: 'bgml-result-table' });
        for (const row of result.rows) {
            table.append(el('tr', { 'data-stat': row.name }, el('th', {}, row.name), el('td', {}, row.value)));
        }
        this.disposeChart();
        const chart = el('div', { id: 'bgml-histogram', class: 'bgml-histogram' });
        this.chart = chart;
        const hops = el('table', { id: 'bgml-result-hops', class: 'bgml-result-table' });
        hops.hidden = result.hops.length === 0;
        if (result.hops.length > 0) {
            hops.append(el('caption', {}, 'Hops, origin to end'), el('tr', {}, el('th', {}, 'hop'), el('th', {}, 'p50'), el('th', {}, 'p99'), el('th', {}, 'share')));
            for (const hop of result.hops) {
                hops.append(
                    el('tr', { 'data-segment': hop.segment }, el('th', {}, hop.segment), el('td', {}, hop.p50), el('td', {}, hop.p99), el('td', {}, hop.share))
                );
            }
        }
        this.detail.replaceChildren(
            el('h3', {}, found.owner.id),
            el('p', { class: 'bgml-result-meta' }, [result.segment && 'hop ' + result.segment, result.runId && 'run ' + result.runId, result.verdict].filter(Boolean).join(' · ')),
            table,
            hops,
            chart
        );
        if (result.histogram.length > 0) {
            chart.dataset.buckets = String(result.histogram.length);
            histogramChart()
                .then(code => this.chart === chart && code.drawHistogram(chart, result.histogram, result.unit))
                .catch(error => chart.append(el('p', { class: 'bgml-hint' }, String(error instanceof Error ? error.message : error))));
        } else {
            chart.append(el('p', { class: 'bgml-hint' }, 'No histogram stored for this result.'));
        }
    }

    protected disposeChart(): void {
        if (this.chart) {
            window.bgmlHistogramChart?.clearHistogram(this.chart); // nothing was drawn before the chart code loaded
            this.chart = undefined;
        }
    }
}
