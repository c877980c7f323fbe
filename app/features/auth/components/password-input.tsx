import { Eye, EyeOff } from 'lucide-react';
import { useState, type InputHTMLAttributes } from 'react';
import { controlClass, withField } from '#app/components/ui/form-field.tsx';

/** A password field with a show/hide toggle whose pressed state is announced. */
function PasswordInput({ invalid = false, ...props }: InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input {...props} type={visible ? 'text' : 'password'} className={controlClass(invalid, 'pr-11')} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-pressed={visible}
        aria-label="Show password"
        title={visible ? 'Hide password' : 'Show password'}
        className="absolute right-1 top-1/2 flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        {visible ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
      </button>
    </div>
  );
}

/** A labelled password field (FormField) with the show/hide toggle. */
export const PasswordField = withField(PasswordInput);
