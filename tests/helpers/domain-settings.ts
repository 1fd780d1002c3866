// A test changes the domain's settings the way the server sets them (configureDomain), only the
// parts it names; tests/setup/domain-settings.ts puts the environment's settings and the system
// clock back after every test.
import { configureDomain, type DomainSettings, domainSettings } from '../../app/domain/settings.server'

export { advanceClock, setClock } from '../../app/domain/clock'

/** Some of the settings: a part's own fields (checkout, mail), or a whole value. */
export type SettingsChange = {
  [K in keyof DomainSettings]?: DomainSettings[K] extends object ? Partial<DomainSettings[K]> : DomainSettings[K]
}

/** Changes the named settings for the running test, keeping the rest. */
export function setDomainSettings(change: SettingsChange): void {
  const current = domainSettings()
  configureDomain({
    checkout: { ...current.checkout, ...change.checkout },
    mail: { ...current.mail, ...change.mail },
    invoice: { ...current.invoice, ...change.invoice },
    passwordTestCost: change.passwordTestCost ?? current.passwordTestCost,
  })
}
