import { Trans, useLingui } from '@lingui/react/macro';
import { INSTANCE } from '@/config/instance';
import { instanceSettings } from '@/config/instance-settings';
import { LegalPage, LegalSection, OperatorContact, operatorDetailsGiven } from './legal-page';

export function ImprintPage() {
  const { t } = useLingui();
  const appName = INSTANCE.appName;
  const responsible = instanceSettings().operator.responsiblePerson;
  return (
    <LegalPage title={t`Imprint`} lead={t`Who runs this instance of ${appName}.`}>
      <LegalSection title={t`Operator`}>
        {operatorDetailsGiven() && (
          <p>
            <Trans>This instance is operated by:</Trans>
          </p>
        )}
        <OperatorContact />
      </LegalSection>
      <LegalSection title={t`Responsible for the content`}>
        {responsible ? (
          <p>{responsible}</p>
        ) : (
          <p data-testid="responsible-missing" className="rounded-xl bg-slate-50 p-4 text-slate-700">
            <Trans>The operator of this instance has not named a person responsible for the content.</Trans>
          </p>
        )}
      </LegalSection>
      <LegalSection title={t`About this software`}>
        <p>
          <Trans>
            {appName} is self-hosted software. The operator named above, not the authors of the software, is
            responsible for this instance and the data kept on it.
          </Trans>
        </p>
      </LegalSection>
    </LegalPage>
  );
}
