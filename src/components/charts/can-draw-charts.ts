/**
 * uPlot needs a real canvas (Path2D) and media queries. Where they are missing (jsdom in the component tests,
 * a very old browser), charts show their tables alone rather than fail.
 */
export const canDrawCharts = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && typeof Path2D === 'function'
