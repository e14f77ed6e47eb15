import { useLayoutEffect, useState } from 'react'

export interface ElementSize {
  width: number
  height: number
}

/** The inner size of an element, kept current as it resizes. Pass the returned setter as the element's `ref`. */
export function useElementSize<T extends HTMLElement>() {
  const [element, setElement] = useState<T | null>(null)
  const [size, setSize] = useState<ElementSize>({ width: 0, height: 0 })
  // A layout effect measures before the first paint, so what is sized from it never shows at zero and then jumps.
  useLayoutEffect(() => {
    if (!element) return
    const measure = () =>
      setSize((current) =>
        current.width === element.clientWidth && current.height === element.clientHeight
          ? current
          : { width: element.clientWidth, height: element.clientHeight },
      )
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [element])
  return [setElement, size, element] as const
}
