/**
 * What a bar chart draws, as plain data: the lazy uPlot module turns it into a plot, and the same model
 * becomes the chart's table, so the picture and its numbers cannot disagree.
 */
export interface BarSeries {
  /** The series' name, as the legend and the table's column header show it. */
  label: string
  /** One value per category, in the categories' order. */
  values: readonly number[]
  /**
   * Which of the four series colours it is drawn in (1 to 4); by default its place among the series. A chart whose
   * series come and go with a filter gives each its own, so a colour keeps its meaning.
   */
  colour?: SeriesColour
}

export type SeriesColour = 1 | 2 | 3 | 4

/** The colour a series is drawn in: its own, else its place's. */
export const seriesColour = (series: Pick<BarSeries, 'colour'> | undefined, index: number): SeriesColour => series?.colour ?? (((index % 4) + 1) as SeriesColour)

/** What the values count: plain quantities (credits, projects) or US dollars, which the value axis marks with $. */
export type ValueUnit = 'count' | 'usd'

export interface GroupedBarsModel {
  kind: 'grouped'
  valueUnit?: ValueUnit
  /** The categories along the horizontal axis, in order (years, say). */
  categories: readonly string[]
  series: readonly BarSeries[]
}

export interface HorizontalBarsModel {
  kind: 'horizontal'
  valueUnit?: ValueUnit
  /** One bar per category, top to bottom. */
  categories: readonly string[]
  values: readonly number[]
}

export type BarChartModel = GroupedBarsModel | HorizontalBarsModel

/** The most series a grouped chart distinguishes by colour; the palette in charts.css has this many. */
export const maxSeries = 4
