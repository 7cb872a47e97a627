import { Users } from 'lucide-react';
import { PageHeader } from '../../../components/page-header';

export function GroupManagementPage() {
  return (
    <>
      <PageHeader title="Group Management" />
      <section
        aria-label="Your groups"
        className="flex items-start gap-4 rounded-2xl border border-slate-200/80 bg-white p-6 shadow-card"
      >
        <Users className="size-6 shrink-0 text-brand-700" aria-hidden="true" />
        <p className="text-slate-700">
          Your groups appear here with their members and roles, join requests and invite links.
        </p>
      </section>
    </>
  );
}

export { GroupManagementPage as GroupsPage };
