import { forwardRef, type InputHTMLAttributes } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> {
  /** The file picked; the input is emptied at once, so picking the same file again counts too. */
  onFile: (file: File) => void;
}

/**
 * The file picker a visible button opens (`ref.current.click()`): out of sight and out of the
 * tab order, as the button is what people see, focus and press.
 */
export const HiddenFileInput = forwardRef<HTMLInputElement, Props>(function HiddenFileInput(
  { onFile, ...props },
  ref,
) {
  return (
    <input
      ref={ref}
      type="file"
      className="hidden"
      tabIndex={-1}
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) onFile(file);
      }}
      {...props}
    />
  );
});
