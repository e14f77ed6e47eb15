// Makes sure the end-to-end tests have a Chromium: Debian's, installed here when we may, never a download.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (existsSync(path)) process.exit(0)

const isRoot = process.getuid?.() === 0
const isDebian = existsSync('/etc/debian_version') && existsSync('/usr/bin/apt-get')
if (isRoot && isDebian) {
  console.log('Chromium not found; installing Debian\'s chromium package…')
  const run = (args) => execFileSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
  run(['update', '-qq'])
  run(['install', '-y', '-qq', 'chromium'])
  if (existsSync(path)) process.exit(0)
}
console.error(
  `No Chromium at ${path}. Install Debian's package as root (apt-get install -y chromium), ` +
    'or set CHROMIUM_PATH to a Chromium or Chrome executable, then run npm test again.',
)
process.exit(1)
