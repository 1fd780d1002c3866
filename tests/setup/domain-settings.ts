// Every test file runs on the domain settings the server would give this environment (vitest.config.ts
// sets PASSWORD_TEST_COST=1: the low test cost), handed over as server/bootstrap.ts does. A test that
// changes them, or sets the domain's clock, gets both back when it ends.
import { afterEach } from 'vitest'
import { setClock } from '../../app/domain/clock'
import { configureDomain } from '../../app/domain/settings.server'
import { parseConfig } from '../../app/infra/config.server'
import { domainSettingsFrom } from '../../app/infra/domain-settings.server'

const fromEnvironment = domainSettingsFrom(parseConfig(process.env), process.env)
configureDomain(fromEnvironment)

afterEach(() => {
  configureDomain(fromEnvironment)
  setClock()
})
