import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type Group, validateGroupName } from '@pushup/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Search, Users, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { createGroup } from '@/features/groups/api/create-group';
import { refreshGroupData } from '@/features/groups/api/group-keys';
import { useGroupQuota } from '@/features/groups/api/group-quota';
import { groupSearchQueryOptions } from '@/features/groups/api/search-groups';
import { useSuggestedGroups } from '@/features/groups/api/suggested-groups';
import { SEARCH_PANEL_MESSAGES } from '@/features/groups/hooks/use-join-group';
import { useCurrentUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { localizeMessage, sharedMessage, sharedTextsNow } from '@/lib/i18n/catalog';
import { formatNumber } from '@/lib/i18n/format';
import { JoinGroupButton } from './join-group-button';

export type GroupPanel = 'create' | 'search';

function InlineError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-2 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

/** The quota message when no group is left (docs/product.md, "Validation" and "Messages"); null while the quota loads. */
function useQuotaBlock(): string | null {
  const { quota, isPending } = useGroupQuota();
  if (isPending || quota.remainingGroups > 0) return null;
  return sharedTextsNow().groupQuotaMessage(quota.maxGroups);
}

function CreateGroupForm({ onCreated }: { onCreated: (groupId: string) => void }) {
  const { t } = useLingui();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const quotaBlock = useQuotaBlock();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);

  const create = useMutation({
    mutationFn: () => createGroup({ name: name.trim() }),
    onSuccess: async (group) => {
      setName('');
      // The button stays busy until the lists show the new group; the message and the panel's
      // closing come together, so a panel opened after the message is not closed by this one.
      await refreshGroupData(queryClient, user.uid);
      toast.success(sharedMessage('groupCreated'));
      onCreated(group.id);
    },
    onError: (failure) => {
      // The typed name stays for the user to correct.
      const message = failure.message || sharedMessage('failedToCreateGroup');
      setError(message);
      toast.error(message);
    },
  });

  return (
    <form
      aria-label={t`Create a group`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const nameError = validateGroupName(name);
        const invalid = quotaBlock ?? (nameError && localizeMessage(nameError));
        setError(invalid);
        if (!invalid) create.mutate();
      }}
    >
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-slate-800">
        <Trans>New group name</Trans>
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={inputRef}
          id={inputId}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            if (error) setError(null);
          }}
          placeholder={t`Group name (3-30 characters)`}
          maxLength={60}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className={inputClasses(Boolean(error))}
        />
        <Button type="submit" loading={create.isPending} className="shrink-0">
          <Trans>Create</Trans>
        </Button>
      </div>
      <InlineError id={`${inputId}-error`} message={error} />
    </form>
  );
}

/** Groups one may ask to join, each with its join button (search results and suggestions). */
function GroupResults({ groups, label }: { groups: readonly Group[]; label: string }) {
  const { t } = useLingui();
  return (
    <ul aria-label={label} className="divide-y divide-slate-100">
      {groups.map((group) => {
        const memberCount = formatNumber(group.memberCount);
        const maxMembers = group.maxMembers;
        const creator = group.creator?.username;
        return (
          // In a narrow card the button wraps below the name instead of squeezing it.
          <li key={group.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
            <div className="min-w-40 flex-1">
              <p id={`result-${group.id}`} className="font-semibold break-words text-slate-900">
                {group.name}
              </p>
              <p className="text-xs text-slate-600">
                <Users className="mr-1 inline size-3.5 align-[-3px]" aria-hidden="true" />
                {t`${memberCount}/${plural(maxMembers, { one: '# member', other: '# members' })}`}
                {creator ? ` · ${t`by ${creator}`}` : ''}
              </p>
            </div>
            <JoinGroupButton
              group={group}
              messages={SEARCH_PANEL_MESSAGES}
              describedBy={`result-${group.id}`}
            />
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Before anything is searched: the largest groups the user could ask to join. A group asked
 * from here stays in the list with its Request Pending button until the panel closes.
 */
function SuggestedGroups() {
  const { t } = useLingui();
  const titleId = useId();
  const suggested = useSuggestedGroups();
  // The groups first shown stay in place: a request sent takes its group out of the server's
  // list, and its row (with Request Pending, which cancels) must not vanish under the finger.
  const [shown, setShown] = useState<Group[] | null>(null);
  if (suggested.data && shown === null) setShown(suggested.data);
  const groups = shown ?? suggested.data;
  if (suggested.isError && !groups) return null;
  return (
    <section aria-labelledby={titleId} className="mt-4">
      {/* Not a heading: the panel sits under an h2 on the dashboard and under the h1 on /groups. */}
      <p id={titleId} className="text-sm font-bold text-slate-900">
        <Trans>Suggested groups</Trans>
      </p>
      {!groups ? (
        <p className="mt-1 text-sm text-slate-600" role="status">
          <Trans>Loading suggestions...</Trans>
        </p>
      ) : groups.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">
          <Trans>No open groups to suggest right now. Create your own and invite friends.</Trans>
        </p>
      ) : (
        <>
          <p className="mt-0.5 text-xs text-slate-600">
            <Trans>The largest groups with a free place, which you can ask to join.</Trans>
          </p>
          <GroupResults groups={groups} label={t`Suggested groups`} />
        </>
      )}
    </section>
  );
}

function SearchGroupsForm() {
  const { t } = useLingui();
  const user = useCurrentUser();
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const quotaBlock = useQuotaBlock();
  const { isPending: quotaLoading } = useGroupQuota();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);

  const results = useQuery({
    ...groupSearchQueryOptions(user.uid, submitted ?? ''),
    enabled: submitted !== null,
  });
  const failed = results.isError;
  useEffect(() => {
    if (failed) {
      toast.error(results.error?.message || sharedMessage('failedToSearchGroups'), { id: 'group-search' });
    }
  }, [failed, results.error]);

  return (
    <search>
      <form
        aria-label={t`Search groups`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const term = text.trim();
          const invalid = quotaBlock ?? (term === '' ? sharedMessage('groupSearchEmpty') : null);
          setError(invalid);
          if (!invalid) setSubmitted(term);
        }}
      >
        <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-slate-800">
          <Trans>Find a group</Trans>
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          {/* The browser's own clear control is hidden (index.css): this one looks like the app and is named. */}
          <div className="relative min-w-0 flex-1">
            <input
              ref={inputRef}
              id={inputId}
              type="search"
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                if (error) setError(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Escape' && text !== '') {
                  event.preventDefault();
                  setText('');
                  setSubmitted(null);
                }
              }}
              placeholder={t`Search by group name`}
              maxLength={30}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
              className={cn(inputClasses(Boolean(error)), text !== '' && 'pr-12')}
            />
            {text !== '' && (
              <button
                type="button"
                aria-label={t`Clear search`}
                title={t`Clear search`}
                onClick={() => {
                  setText('');
                  setSubmitted(null);
                  setError(null);
                  inputRef.current?.focus();
                }}
                className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-xl text-slate-500 hover:text-slate-900"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            )}
          </div>
          <Button type="submit" disabled={quotaLoading} loading={results.isFetching} className="shrink-0">
            <Search className="size-4" aria-hidden="true" />
            <Trans>Search</Trans>
          </Button>
        </div>
        <InlineError id={`${inputId}-error`} message={error} />
      </form>

      {submitted === null && !quotaBlock && <SuggestedGroups />}
      {submitted !== null && !error && (
        <div className="mt-4" aria-live="polite">
          {results.isPending ? (
            <p className="text-sm text-slate-600" role="status">
              <Trans>Searching...</Trans>
            </p>
          ) : results.isError ? (
            <p className="text-sm font-medium text-red-700">
              {results.error.message || sharedMessage('failedToSearchGroups')}
            </p>
          ) : results.data.length === 0 ? (
            <p className="text-sm text-slate-600">
              <Trans>No groups match “{submitted}”.</Trans>
            </p>
          ) : (
            <GroupResults groups={results.data} label={t`Search results`} />
          )}
        </div>
      )}
    </search>
  );
}

/** The group search panel of docs/product.md, "Screens": create or search, never both at once. */
export function GroupSearchPanel({
  panel,
  onCreated,
}: {
  panel: GroupPanel;
  onCreated: (groupId: string) => void;
}) {
  return (
    <div className="mb-5 rounded-xl border border-slate-200 bg-slate-50/70 p-4">
      {panel === 'create' ? <CreateGroupForm onCreated={onCreated} /> : <SearchGroupsForm />}
    </div>
  );
}
