import {
  AppstoreOutlined,
  BarChartOutlined,
  BranchesOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  InfoCircleOutlined,
  NotificationOutlined,
  ScheduleOutlined,
  SmileOutlined,
  TagOutlined,
} from '@ant-design/icons';
import type { PermissionCode } from '@shelfwise/contract/routes';
import { type ComponentType, lazy, type ReactNode } from 'react';
import { AboutWidget } from './about-widget';
import { ChartsWidget } from './charts-widget';
import { CommitWidget } from './commit-widget';
import type { WidgetKey, WidgetSpan } from './home.api';
import { MyAppsWidget } from './my-apps-widget';
import { NoticesWidget } from './notices-widget';
import { ProgressingWidget } from './progressing-widget';
import { TimerWidget } from './timer-widget';
import { VersionWidget } from './version-widget';
import { WelcomeWidget } from './welcome-widget';
import type { WidgetProps } from './widget-types';

// the calendar brings antd's date picker (about 30 KB): loaded after the first widgets show
const ScheduleWidget = lazy(() => import('./schedule-widget').then((m) => ({ default: m.ScheduleWidget })));

/** A widget the workbench can show. */
export interface WidgetDef {
  icon: ReactNode;
  /** Width when added. */
  span: WidgetSpan;
  /** The permission its data needs (none: every signed-in user). */
  permission?: PermissionCode;
  Component: ComponentType<WidgetProps>;
}

/** Every widget, in the order the "add" menu lists them (the server's default layout decides the first view). */
export const WIDGETS: Record<WidgetKey, WidgetDef> = {
  welcome: { icon: <SmileOutlined />, span: 16, Component: WelcomeWidget },
  timer: { icon: <ClockCircleOutlined />, span: 8, Component: TimerWidget },
  progressing: {
    icon: <ScheduleOutlined />,
    span: 12,
    permission: 'sysHome:progressing',
    Component: ProgressingWidget,
  },
  notices: {
    icon: <NotificationOutlined />,
    span: 12,
    permission: 'sysNotice:pageReceived',
    Component: NoticesWidget,
  },
  charts: { icon: <BarChartOutlined />, span: 16, permission: 'sysHome:chartData', Component: ChartsWidget },
  myApps: { icon: <AppstoreOutlined />, span: 8, Component: MyAppsWidget },
  schedule: { icon: <CalendarOutlined />, span: 16, permission: 'sysSchedule:list', Component: ScheduleWidget },
  about: { icon: <InfoCircleOutlined />, span: 8, Component: AboutWidget },
  version: { icon: <TagOutlined />, span: 12, permission: 'sysHome:buildInfo', Component: VersionWidget },
  commit: { icon: <BranchesOutlined />, span: 12, permission: 'sysHome:buildInfo', Component: CommitWidget },
};

/** The widget keys in the registry's order. */
export const WIDGET_ORDER = Object.keys(WIDGETS) as WidgetKey[];
