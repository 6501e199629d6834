import { BarcodeOutlined, CameraOutlined, EnterOutlined, LoadingOutlined } from '@ant-design/icons';
import { GS1_GS } from '@shelfwise/contract';
import { Button, Input, type InputRef } from 'antd';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isWedgeBurst } from './scan-lines';
import type { Source } from './use-scan-workbench';
import './scan.texts';

/** Moves focus back to the scan input unless the counter is in another field or a dialog. */
export function refocus(input: RefObject<InputRef | null>) {
  const run = () => {
    const active = document.activeElement as HTMLElement | null;
    if (active && active !== document.body) {
      if (active.tagName === 'INPUT' && active !== input.current?.input) return;
      if (active.tagName === 'TEXTAREA' || active.closest('.ant-modal, .ant-drawer, .ant-popover')) return;
    }
    input.current?.focus({ preventScroll: true });
  };
  setTimeout(run, 0);
  // dialogs hand the focus back to their opener after closing (a button that may be gone by then): try again
  setTimeout(run, 250);
}

const coarse = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

/**
 * The scan input. Keyboard-wedge scanners type fast and end with Enter; the input keeps the focus (after actions,
 * and any key typed while nothing else has focus is sent here), so a handheld can scan without touching the
 * screen. Bursts faster than a person types count as scanner input, the rest as typed. On touch screens the
 * soft keyboard stays hidden (`inputmode="none"`) until the keyboard button asks for it (the OK button shows with
 * the keyboard: a scanner sends its own Enter). Ctrl+] (how many
 * wedges send FNC1 / GS) is kept as the GS character so GS1 strings parse.
 * `data-testid`s: scan-input, scan-submit, scan-camera-button, scan-keyboard-toggle.
 */
export function ScanInputBar(props: {
  inputRef: RefObject<InputRef | null>;
  placeholder: string;
  /** A location is opening: shown, but the field stays open (what is scanned meanwhile is handled after it). */
  busy: boolean;
  camera: boolean;
  onCamera: () => void;
  onCode: (code: string, source: Source) => void;
}) {
  const { t } = useTranslation('scan');
  const [text, setText] = useState('');
  const [keyboard, setKeyboard] = useState(() => !coarse());
  const keys = useRef<number[]>([]);
  const { inputRef, onCode } = props;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.ctrlKey || e.metaKey || e.altKey || e.key.length !== 1 || e.key === ' ') return;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
      if (target?.closest('.ant-modal, .ant-drawer')) return;
      // focus moves before the character is inserted, so it lands in the scan input
      inputRef.current?.focus({ preventScroll: true });
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [inputRef]);

  const send = () => {
    const value = text;
    const source: Source = isWedgeBurst(keys.current) ? 1 : 3;
    keys.current = [];
    setText('');
    if (value.trim()) onCode(value, source);
  };

  return (
    <div className="sw-scan-input">
      <Input
        ref={inputRef}
        size="large"
        value={text}
        placeholder={props.placeholder}
        inputMode={keyboard ? 'text' : 'none'}
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="go"
        prefix={<BarcodeOutlined />}
        // always there (a suffix added while the field has the focus would take the focus away), shown while busy
        suffix={
          <LoadingOutlined
            style={{ visibility: props.busy ? 'visible' : 'hidden' }}
            data-testid="scan-input-busy"
            aria-hidden={!props.busy}
          />
        }
        data-testid="scan-input"
        aria-label={props.placeholder}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => refocus(inputRef)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            send();
            return;
          }
          if (e.ctrlKey && (e.key === ']' || e.code === 'BracketRight')) {
            e.preventDefault();
            setText((v) => v + GS1_GS);
          }
          if (text === '') keys.current = [];
          keys.current.push(e.timeStamp);
        }}
      />
      {keyboard ? (
        <Button
          size="large"
          type="primary"
          className="sw-scan-big"
          onClick={() => {
            send();
            refocus(inputRef);
          }}
          icon={<EnterOutlined />}
          aria-label={t('input.enter')}
          title={t('input.enter')}
          data-testid="scan-submit"
        />
      ) : null}
      <Button
        size="large"
        className="sw-scan-big"
        aria-label={t('keyboard')}
        title={t('keyboard')}
        aria-pressed={keyboard}
        data-testid="scan-keyboard-toggle"
        onClick={() => {
          setKeyboard((k) => !k);
          refocus(inputRef);
        }}
      >
        ⌨
      </Button>
      {props.camera ? (
        <Button
          size="large"
          className="sw-scan-big"
          icon={<CameraOutlined />}
          aria-label={t('input.camera')}
          onClick={props.onCamera}
          data-testid="scan-camera-button"
        />
      ) : null}
    </div>
  );
}
