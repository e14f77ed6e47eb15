import { afterAll, beforeAll } from 'vitest'

/**
 * jsdom lays nothing out, so the virtualized project table would see a zero-height window and render no rows.
 * Called in a describe block (or at the top of a file), this gives its scrolling element the height a browser
 * would for the tests there, and restores jsdom's own afterwards.
 */
export function giveProjectTableHeight(height = 600) {
  const clientHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')!
  beforeAll(() => {
    Object.defineProperty(Element.prototype, 'clientHeight', {
      configurable: true,
      get(this: Element) {
        return this.matches('.project-table-scroll') ? height : clientHeight.get!.call(this)
      },
    })
  })
  afterAll(() => {
    Object.defineProperty(Element.prototype, 'clientHeight', clientHeight)
  })
}
