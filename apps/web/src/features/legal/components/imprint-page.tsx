import { Trans, useLingui } from '@lingui/react/macro';
import { INSTANCE } from '../../../config/instance';
import { instanceText, LegalPage, LegalSection, OperatorContact } from './legal-page';

export function ImprintPage() {
  const { t } = useLingui();
  const appName = INSTANCE.appName;
  return (
    <LegalPage title={t`Imprint`} lead={t`Who runs this instance of ${appName}.`}>
      <LegalSection title={t`Operator`}>
        <p>
          <Trans>This instance is operated by:</Trans>
        </p>
        <OperatorContact />
      </LegalSection>
      <LegalSection title={t`Responsible for the content`}>
        <p>{instanceText(INSTANCE.responsiblePerson)}</p>
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
