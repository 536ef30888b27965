// SPDX-License-Identifier: Apache-2.0
// The N-link chain of models/bench/ChainN.mo in Pinocchio, and the per-call cost of its
// articulated-body algorithm (pinocchio::aba) on one core: the peer of rhs_cost.c in
// bench/chain_scale.sh. Link k is a revolute joint (axis z for odd k, y for even k) at the end
// of link k-1 (0.5 m along its x axis), carrying a 1 kg rod with its centre of mass at 0.25 m and
// the rod's inertia about it; gravity 9.80665 m/s^2 along -y; q = 0.3, v = +0.5, -0.5, ...
// Prints the accelerations at that state (to check against mbens) and the median ns per call.
//   pinocchio_chain N [CALLS]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <pinocchio/algorithm/aba.hpp>
#include <pinocchio/multibody.hpp>

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: pinocchio_chain N [CALLS]\n");
    return 2;
  }
  int n = std::atoi(argv[1]);
  long calls = argc > 2 ? std::atol(argv[2]) : 200000;
  const double len = 0.5, mass = 1, radius = 0.02;
  const double i11 = mass * radius * radius / 2, i22 = mass * (3 * radius * radius + len * len) / 12;
  pinocchio::Model model;
  pinocchio::JointIndex parent = 0;
  for (int k = 1; k <= n; k++) {
    pinocchio::SE3 at(Eigen::Matrix3d::Identity(), Eigen::Vector3d(k == 1 ? 0 : len, 0, 0));
    std::string name = "j" + std::to_string(k);
    pinocchio::JointIndex j =
        k % 2 == 1 ? model.addJoint(parent, pinocchio::JointModelRZ(), at, name)
                   : model.addJoint(parent, pinocchio::JointModelRY(), at, name);
    Eigen::Matrix3d I = Eigen::Vector3d(i11, i22, i22).asDiagonal();
    model.appendBodyToJoint(j, pinocchio::Inertia(mass, Eigen::Vector3d(len / 2, 0, 0), I),
                            pinocchio::SE3::Identity());
    parent = j;
  }
  model.gravity.linear(Eigen::Vector3d(0, -9.80665, 0));
  pinocchio::Data data(model);
  Eigen::VectorXd q = Eigen::VectorXd::Constant(n, 0.3), v(n), tau = Eigen::VectorXd::Zero(n);
  for (int k = 0; k < n; k++)
    v[k] = k % 2 == 0 ? 0.5 : -0.5;
  pinocchio::aba(model, data, q, v, tau);
  std::printf("ddq[1]=%.17g ddq[%d]=%.17g\n", data.ddq[0], n, data.ddq[n - 1]);
  std::vector<double> t;
  double sink = 0;
  for (int r = 0; r < 7; r++) {
    auto t0 = std::chrono::steady_clock::now();
    for (long c = 0; c < calls; c++) {
      q += 1e-12 * data.ddq;  // every call sees a new state: nothing is hoisted out of the loop
      pinocchio::aba(model, data, q, v, tau);
      sink += data.ddq[0];
    }
    std::chrono::duration<double, std::nano> d = std::chrono::steady_clock::now() - t0;
    t.push_back(d.count() / calls);
  }
  std::sort(t.begin(), t.end());
  std::printf("%.1f ns per call (median of 7 x %ld calls; min %.1f) [%g]\n", t[3], calls, t[0],
              sink != sink ? 0.0 : 1.0);
  return 0;
}
