import { CoveragePage } from '../../features/coverage/components/coverage-page'
import { useStartSourceRun } from '../../features/sources/api/use-start-source-run'
import { paths } from '../paths'

/** The coverage map starts runs through the sources feature, so both share one way of starting them. */
export default function CoverageRoute() {
  const starter = useStartSourceRun()
  return <CoveragePage links={paths} starter={starter} />
}
