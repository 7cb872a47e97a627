import { Trans } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';

/**
 * A search asked on Enter or 'Search' (not at each letter: the operator's list stays put while
 * they type); an empty search lists everything.
 */
export function SearchForm({
  id,
  label,
  maxLength,
  searching,
  onSearch,
}: {
  id: string;
  label: string;
  maxLength: number;
  searching: boolean;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <search className="mb-4">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-800">
            {label}
          </label>
          <input
            id={id}
            type="search"
            value={text}
            maxLength={maxLength}
            autoComplete="off"
            className={inputClasses()}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary" className="h-[46px]" loading={searching}>
          <Search className="size-4" aria-hidden="true" />
          <Trans>Search</Trans>
        </Button>
      </form>
    </search>
  );
}
