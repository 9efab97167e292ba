import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { formatNumber } from './result-format';

// the same plotting library as the HTML reports, with only the bar chart and the SVG renderer bundled
echarts.use([BarChart, GridComponent, TooltipComponent, SVGRenderer]);

/** Draws a latency histogram (bucket upper bound, count) into `container`, replacing any earlier chart. */
export function drawHistogram(container: HTMLElement, buckets: Array<[number, number]>, unit: string): void {
    echarts.getInstanceByDom(container)?.dispose();
    const chart = echarts.init(container, undefined, { renderer: 'svg', width: container.clientWidth || 260, height: 160 });
    chart.setOption({
        animation: false,
        grid: { left: 40, right: 8, top: 10, bottom: 36 },
        tooltip: { trigger: 'axis' },
        xAxis: {
            type: 'category',
            data: buckets.map(([bound]) => '≤' + formatNumber(bound)),
            name: unit,
            nameLocation: 'middle',
            nameGap: 22,
            axisLabel: { fontSize: 9 }
        },
        yAxis: { type: 'value', axisLabel: { fontSize: 9 } },
        series: [{ type: 'bar', data: buckets.map(([, count]) => count), itemStyle: { color: '#4a78b5' }, barCategoryGap: '10%' }]
    });
}

export function clearHistogram(container: HTMLElement): void {
    echarts.getInstanceByDom(container)?.dispose();
}
