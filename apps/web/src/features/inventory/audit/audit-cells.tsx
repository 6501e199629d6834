import { Image, Space, Spin, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useAuthImage } from '../../../lib/api/use-auth-image';
import { pictureUrl } from './audit.api';
import { accuracyTone, barWidths, formatPercent, formatSignedQty } from './audit-figures';
import './audit.texts';

/** A difference with its sign, green when over, red when short, plain when zero. */
export function SignedQty({
  value,
  strong,
  large,
}: {
  value: number | null | undefined;
  strong?: boolean;
  /** Takes the font size of its container (figure cards). */
  large?: boolean;
}) {
  const { token } = theme.useToken();
  const color =
    value === null || value === undefined || value === 0
      ? undefined
      : value > 0
        ? token.colorWarningText
        : token.colorErrorText;
  return (
    <Typography.Text
      strong={strong}
      style={{ color, fontVariantNumeric: 'tabular-nums', fontSize: large ? 'inherit' : undefined }}
    >
      {formatSignedQty(value)}
    </Typography.Text>
  );
}

/** An accuracy ratio as a percentage, coloured by how good it is. */
export function AccuracyText({ value, large }: { value: number | null | undefined; large?: boolean }) {
  const { token } = theme.useToken();
  const tone = accuracyTone(value);
  const color =
    tone === 'good'
      ? token.colorSuccessText
      : tone === 'fair'
        ? token.colorWarningText
        : tone === 'poor'
          ? token.colorErrorText
          : undefined;
  return (
    <Typography.Text style={{ color, fontVariantNumeric: 'tabular-nums', fontSize: large ? 'inherit' : undefined }}>
      {formatPercent(value)}
    </Typography.Text>
  );
}

/**
 * A value with an inline bar behind it (a bar chart in a table column, without a chart library): the width is
 * relative to the largest value of the column.
 */
export function InlineBar({ width, children, danger }: { width: number; children: ReactNode; danger?: boolean }) {
  const { token } = theme.useToken();
  return (
    <div style={{ position: 'relative', minWidth: 140, padding: '0 4px' }}>
      <div
        aria-hidden
        style={{
          position: 'absolute',
          insetBlock: 2,
          left: 0,
          width: `${width}%`,
          borderRadius: 3,
          background: danger ? token.colorErrorBg : token.colorPrimaryBg,
          borderRight: width > 0 ? `2px solid ${danger ? token.colorErrorBorder : token.colorPrimaryBorder}` : 'none',
        }}
      />
      <span style={{ position: 'relative', fontVariantNumeric: 'tabular-nums' }}>{children}</span>
    </div>
  );
}

/** The bar widths of a column of rows. */
export function useBarWidths<T>(rows: readonly T[], value: (row: T) => number): Map<T, number> {
  const widths = barWidths(rows.map(value));
  return new Map(rows.map((r, i) => [r, widths[i] ?? 0]));
}

/** One picture fetched with the bearer token, with a preview. */
export function AuthPicture({ id, name, size = 40 }: { id: number; name: string; size?: number }) {
  const src = useAuthImage(pictureUrl(id));
  const { token } = theme.useToken();
  if (!src)
    return (
      <div
        style={{
          width: size,
          height: size,
          display: 'grid',
          placeItems: 'center',
          background: token.colorFillTertiary,
          borderRadius: 4,
        }}
      >
        <Spin size="small" />
      </div>
    );
  return (
    <Image
      src={src}
      alt={name}
      width={size}
      height={size}
      style={{ objectFit: 'cover', borderRadius: 4 }}
      data-testid="audit-picture"
    />
  );
}

/** The first pictures of a line as thumbnails (the rest as "+N"), all in one preview group. */
export function PictureThumbs({ pictures, max = 3 }: { pictures: { id: number; name: string }[]; max?: number }) {
  if (pictures.length === 0) return <Typography.Text type="secondary">–</Typography.Text>;
  const shown = pictures.slice(0, max);
  return (
    <Image.PreviewGroup>
      <Space size={4}>
        {shown.map((p) => (
          <AuthPicture key={p.id} id={p.id} name={p.name} size={32} />
        ))}
        {pictures.length > max ? <Typography.Text type="secondary">+{pictures.length - max}</Typography.Text> : null}
      </Space>
    </Image.PreviewGroup>
  );
}
