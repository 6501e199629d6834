import { Tag } from 'antd';

/** An HTTP status as a tag: green below 400, orange for refusals, red for server errors. */
export function HttpStatusTag({ status }: { status: number }) {
  const color = status < 400 ? 'success' : status < 500 ? 'warning' : 'error';
  return <Tag color={color}>{status}</Tag>;
}
