import { Plural, Trans } from '@lingui/react/macro';
import { Check, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/i18n/format';

/**
 * The count when counting stopped: 'Use N' puts it into the counter, where the person confirms it as
 * any count they typed; Discard leaves the counter as it was.
 */
export function ResultPanel({
  count,
  notLowEnough,
  onUse,
  onAgain,
  onDiscard,
}: {
  count: number;
  notLowEnough: number;
  onUse: () => void;
  onAgain: () => void;
  onDiscard: () => void;
}) {
  const shown = formatNumber(count);
  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center gap-5 text-center">
      <p className="flex flex-col items-center">
        <span className="text-[7rem] leading-none font-black text-slate-900 tabular-nums">{shown}</span>{' '}
        <span className="text-xl font-bold text-slate-800">
          <Plural value={count} one="pushup counted" other="pushups counted" />
        </span>
      </p>
      {notLowEnough > 0 && (
        <p className="text-base text-slate-700">
          <Plural
            value={notLowEnough}
            one="# more was not low enough and is not counted."
            other="# more were not low enough and are not counted."
          />
        </p>
      )}
      {count > 0 ? (
        <p className="text-base text-slate-700">
          <Trans>The number goes into the counter. Nothing is logged until you confirm it there.</Trans>
        </p>
      ) : (
        <p className="text-base text-slate-700">
          <Trans>Nothing was counted. Check that the camera sees your whole body from the side.</Trans>
        </p>
      )}
      <div className="flex w-full flex-col gap-3">
        {count > 0 && (
          <Button size="lg" className="h-14 text-lg" onClick={onUse} autoFocus>
            <Check className="size-5" aria-hidden="true" />
            <Trans>Use {shown}</Trans>
          </Button>
        )}
        <Button size="lg" variant="secondary" className="h-14 text-lg" onClick={onAgain}>
          <RotateCcw className="size-5" aria-hidden="true" />
          <Trans>Count again</Trans>
        </Button>
        <Button size="lg" variant="ghost" className="h-14 text-lg" onClick={onDiscard}>
          {count > 0 ? <Trans>Discard</Trans> : <Trans>Back to the counter</Trans>}
        </Button>
      </div>
    </div>
  );
}
