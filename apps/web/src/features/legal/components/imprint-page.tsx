import { INSTANCE } from '../../../config/instance';
import { LegalPage, LegalSection, OperatorContact } from './legal-page';

export function ImprintPage() {
  return (
    <LegalPage title="Imprint" lead={`Who runs this instance of ${INSTANCE.appName}.`}>
      <LegalSection title="Operator">
        <p>This instance is operated by:</p>
        <OperatorContact />
      </LegalSection>
      <LegalSection title="Responsible for the content">
        <p>{INSTANCE.responsiblePerson}</p>
      </LegalSection>
      <LegalSection title="About this software">
        <p>
          {INSTANCE.appName} is self-hosted software. The operator named above, not the authors of the
          software, is responsible for this instance and the data kept on it.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
