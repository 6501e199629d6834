import { Input, Popover, theme } from 'antd';
import { useEffect, useState } from 'react';

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * A colour control: a swatch opening preset colours, the system colour picker and a hex field. (antd's ColorPicker
 * would add its Collapse code to every route, the sign-in page included, which has no room for it.)
 */
export function ColorField({
  value,
  label,
  presets,
  onChange,
}: {
  value: string;
  label: string;
  presets: string[];
  onChange: (hex: string) => void;
}) {
  const { token } = theme.useToken();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const swatch = (color: string, size: number, active = false) => ({
    width: size,
    height: size,
    borderRadius: 4,
    background: color,
    border: `1px solid ${token.colorBorder}`,
    boxShadow: active ? `0 0 0 2px ${token.colorBgElevated}, 0 0 0 4px ${token.colorPrimary}` : undefined,
    cursor: 'pointer',
    padding: 0,
  });
  const panel = (
    <div style={{ width: 196 }}>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(6, 1fr)', gap: 8, marginBottom: 10 }}>
        {presets.map((c) => (
          <button
            key={c}
            type="button"
            aria-label={c}
            title={c}
            style={swatch(c, 24, c.toLowerCase() === value.toLowerCase())}
            onClick={() => onChange(c)}
          />
        ))}
      </div>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <input
          type="color"
          aria-label={label}
          value={HEX.test(value) ? value : '#000000'}
          onChange={(e) => onChange(e.target.value)}
          style={{ width: 32, height: 28, padding: 0, border: 0, background: 'none', cursor: 'pointer' }}
        />
        <Input
          size="small"
          value={text}
          aria-label={`${label} (hex)`}
          onChange={(e) => {
            setText(e.target.value);
            if (HEX.test(e.target.value)) onChange(e.target.value);
          }}
        />
      </div>
    </div>
  );
  return (
    <Popover content={panel} trigger="click" placement="bottomRight" title={label}>
      <button
        type="button"
        aria-label={label}
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 8,
          padding: '3px 8px 3px 4px',
          border: `1px solid ${token.colorBorder}`,
          borderRadius: token.borderRadius,
          background: token.colorBgContainer,
          color: token.colorText,
          cursor: 'pointer',
          fontFamily: 'monospace',
          fontSize: 12,
        }}
      >
        <span style={{ ...swatch(value, 18), display: 'inline-block' }} />
        {value.toUpperCase()}
      </button>
    </Popover>
  );
}
