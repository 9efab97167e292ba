// The parts of Apache ECharts that BGML Studio's reports draw with: line, bar and scatter series on value, log
// and category axes, a treemap (the experiment analysis report), with title, tooltip, legend (scrolling), mark
// lines and points, rendered as SVG. Bundled by `npm run build -- --outfile=FILE` (esbuild; the launcher's pom
// writes target/report-assets/echarts.bgml.js) into one script that defines the global `echarts` the report pages
// use. A report that needs another chart type or component adds it here.
import * as echarts from 'echarts/core';
import { BarChart, LineChart, ScatterChart, TreemapChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  MarkPointComponent,
  TitleComponent,
  TooltipComponent
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, ScatterChart, TreemapChart, GridComponent, LegendComponent, MarkLineComponent, MarkPointComponent,
  TitleComponent, TooltipComponent, SVGRenderer]);

window.echarts = echarts;
