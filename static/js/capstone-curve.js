// The capstone's loss curve, on the site's live chart (chart-plot.js): the learner's loss at
// every step (faint), its moving average (bold) and the course's reference run, averaged the
// same way (dashed). Its table keeps one row per WINDOW steps: both averages side by side.

import { LiveChart, numberText } from "./chart-plot.js";

export const WINDOW = 50; // steps in the moving average
const LOSSES = [1.5, 4]; // the y axis: a single name's loss seldom leaves it, and one that does is drawn at its edge

export function movingAverage(values, window = WINDOW) {
  const out = [];
  let total = 0;
  values.forEach((value, i) => {
    total += value;
    if (i >= window) total -= values[i - window];
    out.push(total / Math.min(i + 1, window));
  });
  return out;
}

function averagedPoints(points) {
  const averages = movingAverage(points.map(([, loss]) => loss));
  return points.map(([step], i) => [step, averages[i]]);
}

function fixed(value) {
  return Number(value).toFixed(4);
}

// A LiveChart in `box` whose data is [step, loss] from step 1; `reference()` is the course's
// losses for the run length now chosen, and `rows` the table body to fill.
export function lossCurve(box, rows, reference) {
  const averagedReference = () => movingAverage(reference());
  return new LiveChart(box, {
    xLabel: "step",
    yLabel: "loss",
    xMax: reference().length,
    yRange: LOSSES,
    // The course's run on top: a learner whose run matches it sees its dashes over their line.
    lines: [
      { className: "chart-line chart-line-faint" },
      { className: "chart-line", of: averagedPoints },
      { className: "chart-reference", of: () => averagedReference().map((loss, i) => [i + 1, loss]) },
    ],
    describe: (points) => {
      const course = averagedReference();
      if (!points.length) return `Loss curve: the course's run, averaged over ${WINDOW} steps, falls from ${fixed(course[0])} to ${fixed(course.at(-1))}; yours is drawn beside it as you train.`;
      const [step] = points.at(-1);
      return `Loss curve: at step ${step} of ${course.length} your loss, averaged over ${WINDOW} steps, is ${fixed(averagedPoints(points).at(-1)[1])}; the course's run, averaged the same way, is ${fixed(course[step - 1])} there.`;
    },
    table: {
      rows,
      every: WINDOW,
      cells: ([step], upToIt) => [numberText(step), fixed(averagedPoints(upToIt.slice(-WINDOW)).at(-1)[1]), fixed(averagedReference()[step - 1])],
    },
  });
}
