/** What `bgml-histogram.js` provides: the latency histogram of the results panel (histogram-chart.ts). */
export interface HistogramChart {
    drawHistogram(container: HTMLElement, buckets: Array<[number, number]>, unit: string): void;
    clearHistogram(container: HTMLElement): void;
}

declare global {
    interface Window {
        bgmlHistogramChart?: HistogramChart;
    }
}

const SCRIPT = 'bgml-histogram.js';
/** Where the page's own bundle came from: the chart script sits beside it, with the same query (the access token). */
const bundleUrl = (document.currentScript as HTMLScriptElement | null)?.src;
let loading: Promise<HistogramChart> | undefined;

/**
 * The histogram chart, loaded with its own script on first use. The plotting library is some 500 kB of the page's
 * code, which every page load would otherwise fetch, parse and run before the diagram could start; most sessions never
 * open a result's detail.
 */
export function histogramChart(): Promise<HistogramChart> {
    if (window.bgmlHistogramChart) {
        return Promise.resolve(window.bgmlHistogramChart);
    }
    loading ??= new Promise<HistogramChart>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = chartUrl();
        script.onload = () =>
            window.bgmlHistogramChart ? resolve(window.bgmlHistogramChart) : reject(new Error(`${SCRIPT} did not provide the chart`));
        script.onerror = () => {
            loading = undefined;
            reject(new Error(`the histogram chart could not be loaded from ${script.src}`));
        };
        document.head.append(script);
    });
    return loading;
}

function chartUrl(): string {
    if (!bundleUrl) {
        return SCRIPT;
    }
    const url = new URL(bundleUrl);
    url.pathname = url.pathname.replace(/[^/]*$/, SCRIPT);
    return url.href;
}
