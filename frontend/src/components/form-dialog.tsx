import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { Dialog, type DialogProps } from 'primereact/dialog';
import { createContext, useCallback, useContext, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

// The open PrimeReact overlays that own an Esc press: a dropdown's, multiselect's, autocomplete's or calendar's
// panel, an overlay panel, a menu. They are portals outside the dialog's DOM, so the dialog cannot tell from the
// event's target.
const kOverlaySelector = [
  '.p-dropdown-panel',
  '.p-multiselect-panel',
  '.p-autocomplete-panel',
  '.p-cascadeselect-panel',
  '.p-datepicker:not(.p-datepicker-inline)',
  '.p-overlaypanel',
  '.p-tieredmenu-overlay',
].join(', ');

export function overlayOpen(root: ParentNode = document): boolean {
  return root.querySelector(kOverlaySelector) !== null;
}

export type FormDialogProps = Omit<DialogProps, 'onHide'> & {
  onHide: () => void;
  // Whether the form holds something the person would lose. Without it, the dialog counts any typing into its
  // fields as a change.
  dirty?: boolean;
};

// Every dialog with a form: Esc closes an open dropdown (or other overlay) and only that; closing a form that
// holds changes (Esc, the ×, or Cancel through `requestClose`) asks before the changes are discarded.
export function useGuardedClose(onHide: () => void, dirty: boolean | undefined) {
  const { t } = useTranslation();
  const typed = useRef(false);
  const escOwnedByOverlay = useRef(false);

  useEffect(() => {
    // The capture phase sees the press before the overlay handles it (and closes itself).
    const capture = (event: KeyboardEvent) => {
      if (event.key === 'Escape') escOwnedByOverlay.current = overlayOpen();
    };
    document.addEventListener('keydown', capture, true);
    return () => document.removeEventListener('keydown', capture, true);
  }, []);

  const requestClose = useCallback(() => {
    if (!(dirty ?? typed.current)) {
      onHide();
      return;
    }
    confirmDialog({
      header: t('form_dialog.discard_title'),
      message: t('form_dialog.discard_text'),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('form_dialog.discard'),
      rejectLabel: t('form_dialog.keep'),
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: onHide,
    });
  }, [dirty, onHide, t]);

  // PrimeReact calls onHide with the keydown event for Esc and the click event for the ×.
  const onDialogHide = useCallback(
    (event?: unknown) => {
      const escape =
        event instanceof KeyboardEvent || (event as { type?: string } | undefined)?.type === 'keydown';
      if (escape && escOwnedByOverlay.current) {
        escOwnedByOverlay.current = false;
        return;
      }
      requestClose();
    },
    [requestClose],
  );

  const onInputCapture = useCallback(() => {
    typed.current = true;
  }, []);

  // A dialog kept mounted between openings starts each opening unchanged.
  const reset = useCallback(() => {
    typed.current = false;
  }, []);

  return { requestClose, onDialogHide, onInputCapture, reset };
}

const RequestClose = createContext<() => void>(() => undefined);

export function FormDialog({ onHide, dirty, children, ...props }: FormDialogProps) {
  const { requestClose, onDialogHide, onInputCapture, reset } = useGuardedClose(onHide, dirty);
  useEffect(() => {
    if (props.visible) reset();
  }, [props.visible, reset]);
  return (
    <RequestClose.Provider value={requestClose}>
      <Dialog {...props} onHide={onDialogHide}>
        <div className="form-dialog-content" onInputCapture={onInputCapture}>
          {children}
        </div>
      </Dialog>
    </RequestClose.Provider>
  );
}

// The form's Cancel: closes through the same question as Esc and the ×.
export function FormDialogCancel({ label, testId }: { label: string; testId?: string }) {
  const requestClose = useContext(RequestClose);
  return <Button type="button" text label={label} onClick={requestClose} data-testid={testId} />;
}
