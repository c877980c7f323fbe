import { COMMENT_MAX } from '#common/constants.ts';

/** An optional free-text comment (a review's, a report's details), at most COMMENT_MAX characters. */
export function CommentField({
  id,
  label,
  value,
  onChange,
  rows,
  disabled,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows: number;
  disabled: boolean;
  placeholder?: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label} <span className="font-normal text-slate-500">(optional)</span>
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={COMMENT_MAX}
        rows={rows}
        disabled={disabled}
        placeholder={placeholder}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500"
      />
    </div>
  );
}
