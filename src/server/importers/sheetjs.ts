/** SheetJS, as the readers of workbooks use it. */
export type SheetJs = typeof import('@e965/xlsx')

/**
 * SheetJS, loaded when a workbook is first read: its module takes about 45 ms of CPU to load, which every start of
 * the API paid when it was imported with the readers, though most imports are CSV or parquet and many processes read
 * no file at all.
 */
export const sheetJs = (): Promise<SheetJs> => import('@e965/xlsx')
