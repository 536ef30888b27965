model IdentitySphericalSprings "two spherical pendulums pulled by catalogue springs to one
  turned anchor: GCC's vectorizer once fused a multiply-add here (OpenMP differed from OpenCL)"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.FixedRotation anchor(r = {0.3, -0.4, 0}, n = {1, 1, 0}, angle = 40);
  Modelica.Mechanics.MultiBody.Joints.Spherical sph1(angles_fixed = true, w_rel_a_fixed = true,
    angles_start = {0.4, 0.2, -0.1}, w_rel_a_start = {0, 0.5, 1});
  Modelica.Mechanics.MultiBody.Parts.BodyShape arm1(m = 1, r = {0.5, 0, 0}, r_CM = {0.25, 0, 0});
  Modelica.Mechanics.MultiBody.Forces.Spring sp1(c = 30);
  Modelica.Mechanics.MultiBody.Joints.Spherical sph2(angles_fixed = true, w_rel_a_fixed = true,
    angles_start = {0.4, 0.2, -0.1}, w_rel_a_start = {0, 0.5, 1});
  Modelica.Mechanics.MultiBody.Parts.BodyShape arm2(m = 1, r = {0.5, 0, 0}, r_CM = {0.25, 0, 0});
  Modelica.Mechanics.MultiBody.Forces.Spring sp2(c = 30);
equation
  connect(world.frame_b, anchor.frame_a);
  connect(world.frame_b, sph1.frame_a);
  connect(sph1.frame_b, arm1.frame_a);
  connect(anchor.frame_b, sp1.frame_a);
  connect(arm1.frame_b, sp1.frame_b);
  connect(world.frame_b, sph2.frame_a);
  connect(sph2.frame_b, arm2.frame_a);
  connect(anchor.frame_b, sp2.frame_a);
  connect(arm2.frame_b, sp2.frame_b);
end IdentitySphericalSprings;
