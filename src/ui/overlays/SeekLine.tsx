import { memo } from 'react';
import { useViewState } from '../context/AppContext.js';
import { MessageBox } from './MessageBox.js';

/** A replay's `g`: the time to go to, as typed. */
export const SeekLine = memo(function SeekLine({ screenWidth, screenHeight }: { screenWidth: number; screenHeight: number }) {
  const typed = useViewState((s) => s.overlayQuery);
  return <MessageBox screenWidth={screenWidth} screenHeight={screenHeight} title="Go to" body={`time: ${typed}▏\nHH:MM:SS (UTC) or a percentage, e.g. 50%`} footer="Enter go · Esc stay" />;
});
