"use client";

import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export interface ChartPoint {
  at: number;
  p50: number | null;
  p95: number | null;
  failures: number;
}

/**
 * p50 and p95 of the passing checks' times per bucket, as lines; a bucket with failures is marked
 * below them. Drawn by uPlot (a canvas), sized to its container and redrawn when that changes. The
 * table beside it (in the page) carries the same figures for screen readers.
 */
export function ResponseTimeChart({ points, label, from, to }: { points: ChartPoint[]; label: string; from: number; to: number }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = [points.map((point) => point.at / 1000), points.map((point) => point.p50), points.map((point) => point.p95), points.map((point) => (point.failures > 0 ? 0 : null))];
    const size = () => ({ width: Math.max(280, element.clientWidth), height: 240 });
    const plot = new uPlot(
      {
        ...size(),
        series: [
          {},
          { label: "p50", stroke: "#4f46e5", width: 2, spanGaps: false, value: (_u, v) => (v == null ? "—" : `${v} ms`) },
          { label: "p95", stroke: "#f59e0b", width: 2, spanGaps: false, value: (_u, v) => (v == null ? "—" : `${v} ms`) },
          { label: "failures", stroke: "#dc2626", width: 0, points: { show: true, size: 8, fill: "#dc2626" }, value: (_u, v) => (v == null ? "none" : "some") },
        ],
        axes: [{}, { label: "ms", size: 60 }],
        // The whole range asked for, not only where there are checks: a new monitor's few points sit
        // at the right, where they belong.
        scales: { x: { time: true, range: () => [from / 1000, to / 1000] }, y: { range: (_u, _min, max) => [0, Math.max(10, (max ?? 0) * 1.1)] } },
      },
      data,
      element,
    );
    const observer = new ResizeObserver(() => plot.setSize(size()));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [points, from, to]);
  return <div ref={box} role="img" aria-label={label} className="w-full overflow-hidden" data-testid="response-time-chart" />;
}
