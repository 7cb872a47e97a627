import { CameraCounterButton } from '@/features/camera-counter/components/camera-counter-button';
import { WorkoutPage } from '@/features/plans/components/workout-page';

/** /plan/workout: the guided workout, with the camera counter beside each set's counter. */
export function WorkoutRoute() {
  return <WorkoutPage countingAid={(fill) => <CameraCounterButton onUse={fill} />} />;
}
