import type { ReactNode } from 'react';

/**
 * The card that stands in for the app when the server turns a signed-in user away (not invited,
 * email not verified): an icon, a title, the reason as an alert, and what the user can do.
 */
export function GateCard({
  id,
  icon,
  title,
  reason,
  email,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  reason: string;
  email: string | null | undefined;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="mx-auto max-w-lg rounded-2xl border border-amber-200 bg-white p-6 text-center shadow-card sm:p-8"
    >
      <span
        className="mx-auto mb-4 flex size-12 items-center justify-center rounded-2xl bg-amber-50 text-amber-800"
        aria-hidden="true"
      >
        {icon}
      </span>
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <p role="alert" className="mt-3 font-medium text-slate-800">
        {reason}
      </p>
      {email && (
        <p className="mt-3 text-sm text-slate-600">
          Signed in as <span className="font-semibold text-slate-900">{email}</span>
        </p>
      )}
      {children}
    </section>
  );
}
