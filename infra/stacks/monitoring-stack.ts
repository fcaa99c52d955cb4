import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Monitoring, type MonitoringProps } from './monitoring';
import type { DailyReminders } from './reminders';

/**
 * The stage's monitoring whole, in a stack of its own: it watches the functions of every other
 * stack (each route stack's, the triggers', the seed's, the daily job's), so it reads their names
 * and is deployed after them; no stack reads anything of it.
 */
export class MonitoringStack extends Stack {
  readonly monitoring: Monitoring;

  constructor(
    scope: Construct,
    id: string,
    props: StackProps & { watch: MonitoringProps; reminders: DailyReminders },
  ) {
    super(scope, id, props);
    this.monitoring = new Monitoring(this, 'Monitoring', props.watch);
    props.reminders.alarmTo(this.monitoring, this.monitoring.alarms);
  }
}
