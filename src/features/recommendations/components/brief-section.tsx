import type { Recommendation } from '../../../api/contract/recommendations'
import { QueryError } from '../../../components/query-error'
import { Skeleton } from '../../../components/skeleton'
import { useBriefVocabulary } from '../api/use-brief-vocabulary'
import type { BriefFormValues } from '../lib/brief-form-schema'
import { BriefForm } from './brief-form'
import './brief.css'

interface BriefSectionProps {
  defaultValues: BriefFormValues
  onCreated: (recommendation: Recommendation) => void
}

/**
 * The form opens once the vocabulary is in, so a refined brief's choices are there to be selected; until
 * then a skeleton holds its place.
 */
export function BriefSection({ defaultValues, onCreated }: BriefSectionProps) {
  const vocabulary = useBriefVocabulary()
  if (vocabulary.isPending) {
    return (
      <div className="brief-form card">
        <Skeleton lines={7} label="Loading the brief form…" />
      </div>
    )
  }
  if (vocabulary.isError) {
    return <QueryError error={vocabulary.error} what="the project types and regions" onRetry={() => void vocabulary.refetch()} />
  }
  return <BriefForm vocabulary={vocabulary.data} defaultValues={defaultValues} onCreated={onCreated} />
}
