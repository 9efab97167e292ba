// The entry of `bgml-histogram.js`, the chart code the page loads when it first draws a histogram (histogram-loader.ts).
import { clearHistogram, drawHistogram } from './histogram-chart';

window.bgmlHistogramChart = { drawHistogram, clearHistogram };
