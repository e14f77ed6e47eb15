import type { QualitySignal } from '../../../api/contract/projects'
import { formatDate, formatNumber, formatPercent } from '../../../lib/format'
import type { ProjectLinks } from '../lib/links'
import { SignalCitations, SignalFacts } from './signal-facts'

interface QualitySignalBarProps {
  signal: QualitySignal
  maxWeight: number
  links: ProjectLinks
}

export function QualitySignalBar({ signal, maxWeight, links }: QualitySignalBarProps) {
  const missing = signal.status === 'missing' || signal.value === null
  return (
    <li className={missing ? 'signal signal-missing' : 'signal'}>
      <div className="signal-head">
        <span className="signal-label">{signal.label}</span>
        <span className="signal-numbers">
          {missing ? (
            <>
              <strong>Missing</strong>, counted as {formatNumber(signal.counted_value, 2)} (unknown risk) · weight{' '}
              {formatPercent(signal.weight)} · adds <strong>{formatNumber(signal.contribution, 1)}</strong> points
            </>
          ) : (
            <>
              {formatNumber(signal.value, 2)} of 1 · weight {formatPercent(signal.weight)} · adds{' '}
              <strong>{formatNumber(signal.contribution, 1)}</strong> points
            </>
          )}
        </span>
      </div>
      <div className="signal-bar" aria-hidden="true">
        <div className="signal-track" style={{ width: `${(signal.weight / maxWeight) * 100}%` }}>
          <div className={missing ? 'signal-fill signal-fill-unknown' : 'signal-fill'} style={{ width: `${signal.counted_value * 100}%` }} />
        </div>
      </div>
      <p className="signal-evidence">
        {signal.source && (
          <span className="muted">
            {signal.source}
            {signal.as_of && `, as of ${formatDate(signal.as_of)}`}.{' '}
          </span>
        )}
        {signal.evidence}
      </p>
      <SignalFacts facts={signal.facts} />
      <SignalCitations citations={signal.citations} links={links} />
    </li>
  )
}
