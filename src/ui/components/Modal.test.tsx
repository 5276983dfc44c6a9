import { Box, Text } from 'ink';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { centerBox, Modal } from './Modal.js';

/**
 * A modal blanks what is beneath it: every cell of its box is the modal's own (its border,
 * its content or a space), whatever the screen under it shows and however little the modal
 * holds. Its blank layer is one text of as many lines as the box is high.
 */
describe('Modal', () => {
  it('covers every cell of its box, with content shorter and narrower than the box', () => {
    const [cols, rows] = [40, 12];
    const r = render(
      <Box width={cols} height={rows} flexDirection="column">
        {Array.from({ length: rows }, (_, i) => (
          <Text key={i}>{'x'.repeat(cols)}</Text>
        ))}
        <Modal screenWidth={cols} screenHeight={rows} width={24} height={8} title="T">
          <Text>hi</Text>
        </Modal>
      </Box>,
    );
    const lines = r.lastFrame()!.split('\n');
    const box = centerBox(cols, rows, 24, 8);
    expect(lines).toHaveLength(rows);
    for (let y = 0; y < rows; y++) {
      const inside = y >= box.y && y < box.y + box.height;
      const row = [...lines[y]!];
      expect(row).toHaveLength(cols);
      for (let x = 0; x < cols; x++) {
        const covered = inside && x >= box.x && x < box.x + box.width;
        if (covered) expect(row[x], `(${x}, ${y})`).not.toBe('x');
        else expect(row[x], `(${x}, ${y})`).toBe('x');
      }
    }
    expect(lines.join('\n')).toContain('hi');
    r.unmount();
  });
});
