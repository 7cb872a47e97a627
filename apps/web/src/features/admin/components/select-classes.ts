/** A native select drawn as the app's fields are (components/ui/field.tsx). */
export const selectClasses =
  'block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm hover:border-slate-400';
