#pragma once

namespace ssdtwin::apps {

// `ssdtwin calibrate`: fits named profile parameters (--fit KEY=LO..HI) to lab records by
// derivative-free optimisation (NLopt BOBYQA; Nelder-Mead for one parameter), minimising
// the sum over records of ln(predicted / measured)^2; each evaluation runs the records' jobs
// in parallel processes. Reports the fit and can write a calibrated profile.
int cmd_calibrate(int argc, char** argv);

}  // namespace ssdtwin::apps
